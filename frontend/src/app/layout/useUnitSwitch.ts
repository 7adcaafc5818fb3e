import { toast } from '../../components/toast/toastStore';
import { GraphQLRequestError } from '../../lib/graphql';
import { useErrorText } from '../../lib/errorText';
import { useMessages } from '../../lib/i18n/I18nProvider';
import { useActForUnit } from '../../lib/user/companyUnits';
import { appMessages } from '../messages';

/** What a switch goes to: a unit below the user's company, or their own company (`companyId` null). */
export interface UnitChoice {
  companyId: number | null;
  companyName: string;
}

/**
 * Issue 40: act for a unit, told in a toast either way. The page stays as it is (the route is not left, its lists load
 * again in place); a refused switch (NOT_FOUND: a unit out of reach or gone) changes nothing but is explained.
 */
export function useUnitSwitch({ onSwitched }: { onSwitched?: () => void } = {}) {
  const t = useMessages(appMessages);
  const errorText = useErrorText();
  const act = useActForUnit();
  const switchTo = (choice: UnitChoice) =>
    act.mutate(choice.companyId, {
      onSuccess: () => {
        toast.success(t('layout.unit.switched', { unit: choice.companyName }));
        onSwitched?.();
      },
      onError: (error) => {
        const notFound = error instanceof GraphQLRequestError && error.code === 'NOT_FOUND';
        toast.error(notFound ? t('layout.unit.error.notFound', { unit: choice.companyName }) : errorText(error));
      },
    });
  return {
    switchTo,
    pending: act.isPending,
    /** The unit being switched to while the request runs (undefined otherwise; null: the user's own company). */
    pendingId: act.isPending ? act.variables : undefined,
  };
}
