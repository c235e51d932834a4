export { createExplorerCommands } from './routes.ts';
export { SLUG_TAKEN_MESSAGE, type ExplorerCommandDeps } from './context.ts';
export {
  builtInHumanCheck,
  HUMAN_CHECK_TTL_MS,
  type HumanCheck,
  type HumanCheckChallenge,
} from './human-check.ts';
export { EmailBenefitsBody, MessageBody, StartChatBody } from './routes.contract.ts';
