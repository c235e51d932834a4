export { busPublisher, toBusMessage } from './bus-publisher.ts';
export { clientBaseWorker } from './client-base.ts';
export {
  deliverDue,
  deliverOne,
  startEmailDeliveryLoop,
  TransportError,
  type EmailDeliveryDeps,
  type EmailDeliveryLoop,
  type EmailTransport,
  type TransportMessage,
} from './email-delivery.ts';
export {
  clientNotificationsWorker,
  type ClientNotifier,
  type NotificationNames,
} from './client-notifications.ts';
export { sendTaskReminders, type DatedTask } from './task-reminders.ts';
export {
  onboardingFormNotificationsWorker,
  type EnvelopeNotification,
  type EnvelopeNotifier,
} from './onboarding-form-notifications.ts';
