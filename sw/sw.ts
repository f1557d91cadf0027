import { clientsClaim } from 'workbox-core';
import { setUpMessages } from './messages.ts';
import { setUpNavigationFallback } from './navigation.ts';
import { setUpPaintedDashboard } from './painted-dashboard.ts';
import { setUpPrecache } from './precache.ts';
import { setUpApiCaching } from './runtime-caching.ts';

// Order matters: / for a signed-in student first (its precached index.html with the dashboard painted in),
// then the precache route, so shell files never reach the runtime routes.
setUpPaintedDashboard();
setUpPrecache();
setUpNavigationFallback();
setUpApiCaching();
setUpMessages();

// The first visit's page is controlled at once, so it works offline without a second load.
clientsClaim();
