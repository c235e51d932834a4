// PLACEHOLDER until the class builder lands: the signatures the EIF sub-step page renders.
import type { ClientView } from '../../api/types.ts';

/** The class-builder sub-step's body: the client's employee classes with create / edit / duplicate / delete. */
export function ClassBuilderSection(props: { client: ClientView; stepId: string; subStepId: string }) {
  return <p className="muted">Employee classes for {props.client.name}</p>;
}

/** `/step/{stepId}/{subStepId}/create` and `/step/{stepId}/{subStepId}/{employeeClassId}`. */
export function ClassEditorPage(props: {
  clientId: string;
  stepId: string;
  subStepId: string;
  employeeClassId: string | 'create';
}) {
  return <p className="muted">Class {props.employeeClassId}</p>;
}
