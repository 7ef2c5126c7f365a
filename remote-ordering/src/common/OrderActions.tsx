import { useNavigate } from 'react-router-dom';
import { addTranslations, Button, SCREEN_PATHS } from '@taxi/shared';
import { useOrderingText } from './i18n';
import homeTexts from '../home/texts.json';

addTranslations('ordering', homeTexts);

/**
 * The form's two buttons: a secondary one (More, Back) and Order, which opens the summary and
 * is disabled until the order may be placed (a valid pickup, spec section 5).
 */
export function OrderActions({
  secondary,
  to,
  canOrder,
  page = false,
}: {
  secondary: string;
  to: string;
  canOrder: boolean;
  page?: boolean;
}) {
  const { t } = useOrderingText();
  const navigate = useNavigate();
  return (
    <div className={page ? 'or-actions or-actions--page' : 'or-actions'}>
      <Button variant="secondary" onClick={() => navigate(to)}>
        {secondary}
      </Button>
      <Button
        className="or-actions__main"
        disabled={!canOrder}
        onClick={() => navigate(SCREEN_PATHS.OrderSummary)}
      >
        {t('home.order')}
      </Button>
    </div>
  );
}
