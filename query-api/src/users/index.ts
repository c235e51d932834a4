export { createUserAdminQueries, UserListQuery } from './routes.ts';
