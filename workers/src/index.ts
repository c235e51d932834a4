export { busPublisher, toBusMessage } from './bus-publisher.ts';
export { clientBaseWorker } from './client-base.ts';
