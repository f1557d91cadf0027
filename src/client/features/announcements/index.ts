// The announcements feature's public face: the current announcements, for the dashboard.
export { AnnouncementCards } from './components/current-announcements.tsx';
export { useCurrentAnnouncements } from './use-current-announcements.ts';
