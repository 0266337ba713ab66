import { mayUseLiveLocations } from '@integration/contracts';
import { session } from '../../session/session.ts';

/**
 * Whether the signed-in user sees colleagues' live positions and may share their own: field
 * users, planners and admins; viewers (often the client's staff) neither (issue 25). The
 * server refuses them both ways; the map leaves out the layer and the button.
 */
export const seesLiveLocations = (): boolean => mayUseLiveLocations(session.user()?.role);
