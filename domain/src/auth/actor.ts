export const ROLES = ['BEN_ADMIN', 'BROKER', 'SLF_ADMIN', 'SLF_OWNER'] as const;
export type Role = (typeof ROLES)[number];

/** Who is acting: the signed-in user, with the clients their role scopes them to. */
export type Actor = {
  userId: string;
  role: Role;
  clientIds: readonly string[];
};

export const isInternal = (actor: Actor) => actor.role === 'SLF_ADMIN' || actor.role === 'SLF_OWNER';
