// The content feature's public face: a video's length in words, for the videos list.
export { formatDuration } from './components/kind-fields.tsx';
