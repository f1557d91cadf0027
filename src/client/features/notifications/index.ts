// The notifications feature's public face: the dashboard's card, and its line of what is new at the top.
export { NotificationsCard } from './components/notifications-card.tsx';
export { NewNotifications } from './components/new-notifications.tsx';
export { useNewNotifications } from './use-new-notifications.ts';
