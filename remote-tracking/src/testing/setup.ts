// The host starts i18n before it loads any remote; the screens register their texts when
// their modules load, so the tests start it first as well.
import { initI18n } from '@taxi/shared';

initI18n('en');
