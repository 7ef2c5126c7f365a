// What each remote exposes, as its own src/exposes.ts declares it (types only: nothing of a
// remote is bundled into the host). The route table may name only these modules, and each
// must be a screen the host can render without props, or the host's typecheck fails.
import type { ComponentType } from 'react';
import type { Screens as AccountScreens } from '@taxi/remote-account/exposes';
import type { Screens as LegalScreens } from '@taxi/remote-legal/exposes';
import type { Screens as OrderingScreens } from '@taxi/remote-ordering/exposes';
import type { Screens as TrackingScreens } from '@taxi/remote-tracking/exposes';

/** Every exposed module's default export is a component rendered without props. */
type Rendered<Modules extends { [M in keyof Modules]: { default: ComponentType } }> = Modules;

export interface RemoteScreens {
  ordering: Rendered<OrderingScreens>;
  tracking: Rendered<TrackingScreens>;
  account: Rendered<AccountScreens>;
  legal: Rendered<LegalScreens>;
}

export type RemoteName = keyof RemoteScreens;

/** A remote and one module it exposes. */
export type RemoteModule = {
  [R in RemoteName]: { remote: R; module: keyof RemoteScreens[R] };
}[RemoteName];
