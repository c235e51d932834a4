export { createExplorerCommands, SLUG_TAKEN_MESSAGE, type ExplorerCommandDeps } from './routes.ts';
export {
  builtInHumanCheck,
  HUMAN_CHECK_TTL_MS,
  type HumanCheck,
  type HumanCheckChallenge,
} from './human-check.ts';
export { EmailBenefitsBody, MessageBody, StartChatBody } from './routes.contract.ts';
