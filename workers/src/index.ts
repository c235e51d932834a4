export { busPublisher, toBusMessage } from './bus-publisher.ts';
