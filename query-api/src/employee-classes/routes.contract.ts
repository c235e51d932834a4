import { z } from 'zod';
import { defineRoute, json, minVersion, problem } from '@onboard/api-contract';
import { EmployeeClass, EmployeeClasses, classesView } from '@onboard/api-contract/views';

const clientId = z.string().min(1);
const classes = '/api/clients/{clientId}/employee-classes';

/** Read-your-writes: at least the version the reader last saw (the answer waits briefly for it). */
const ClassesQuery = z.object({
  minVersion,
});

export const listEmployeeClasses = defineRoute(`GET ${classes}`, {
  tag: 'employee-classes',
  summary: 'The client’s employee classes',
  request: { params: z.object({ clientId }), query: ClassesQuery },
  responses: {
    200: json(EmployeeClasses, 'Every class'),
    400: problem('Invalid minVersion (named by query.minVersion)'),
    403: problem('Not yours'),
    404: problem('No such client'),
  },
});

export const getEmployeeClass = defineRoute(`GET ${classes}/{employeeClassId}`, {
  tag: 'employee-classes',
  summary: 'One employee class',
  request: { params: z.object({ clientId, employeeClassId: z.string().min(1) }) },
  responses: {
    200: json(z.object({ ...classesView, employeeClass: EmployeeClass }), 'The class'),
    403: problem('Not yours'),
    404: problem('No such class'),
  },
});
