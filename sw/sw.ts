import { clientsClaim } from 'workbox-core';
import { setUpMessages } from './messages.ts';
import { setUpNavigationFallback } from './navigation.ts';
import { setUpPrecache } from './precache.ts';
import { setUpApiCaching } from './runtime-caching.ts';

// Order matters: the precache route answers first, so shell files never reach the runtime routes.
setUpPrecache();
setUpNavigationFallback();
setUpApiCaching();
setUpMessages();

// The first visit's page is controlled at once, so it works offline without a second load.
clientsClaim();
