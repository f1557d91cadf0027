// The notifications feature's public face: the dashboard's card.
export { NotificationsCard } from './components/notifications-card.tsx';
