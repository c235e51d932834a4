import { Router } from 'express';
import { mount } from '@onboard/api-contract/express';
import {
  getClientConversation,
  listClientConversations,
  listConversationPeople,
  listMyConversations,
} from './routes.contract.ts';
import type { ConversationReads } from './context.ts';
import { getClientThread, listClientThreads } from './client-threads.ts';
import { listPeople } from './people.ts';
import { listMine } from './mine.ts';

/**
 * Conversations as the person may see them: a broker or benefits administrator only their own clients'
 * shared threads, staff every thread (internal notes too). `asOf` shows them as they were then (the EIF
 * history's "as of"): started by then, their entries up to then, resolved or open as they were. Messages
 * are kept sealed in the read model and opened here ('erased' once the client's data key is destroyed).
 */
export function conversationQueryRoutes(deps: ConversationReads): Router {
  const router = Router();

  mount(router, listClientConversations, listClientThreads(deps));
  mount(router, getClientConversation, getClientThread(deps));
  mount(router, listConversationPeople, listPeople(deps));
  mount(router, listMyConversations, listMine(deps));

  return router;
}
