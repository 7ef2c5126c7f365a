import { Link } from 'react-router-dom';
import { addTranslations, SCREEN_PATHS } from '@taxi/shared';
import '../common/ordering.css';
import { useOrderingText } from '../common/i18n';
import { NotifyOptIn } from './NotifyOptIn';
import texts from './texts.json';

addTranslations('ordering', texts);

/** The order was passed on: wait for the driver. */
export default function OrderSuccess() {
  const { t } = useOrderingText();
  return (
    <div className="tx-page or-page or-success">
      <div className="or-success__mark" aria-hidden="true">
        ✓
      </div>
      <h1>{t('success.title')}</h1>
      <p className="or-success__message">{t('success.message')}</p>
      <NotifyOptIn />
      <Link className="tx-button tx-button--primary" to={SCREEN_PATHS.Home}>
        {t('success.home')}
      </Link>
    </div>
  );
}
