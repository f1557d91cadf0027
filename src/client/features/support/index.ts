// The support feature's public face: the Admin Dashboard shows the staff's inbox from here.
export { SupportInboxCard } from './components/support-inbox-card.tsx';
