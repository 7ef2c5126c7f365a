// The core journeys in WebKitGTK (Debian's WebKitWebDriver and MiniBrowser under Xvfb). WebKitGTK
// has no Push API, and its driver cannot grant the notification permission: the ride
// notification runs in Chromium and Firefox only (docs/ride-notifications.md).
import { launchWebKit } from '../support/engines.ts';
import { coreJourneys, offlineJourney } from './journeys.ts';

offlineJourney(coreJourneys(launchWebKit));
