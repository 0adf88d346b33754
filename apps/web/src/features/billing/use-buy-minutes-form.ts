import { useEffect } from 'react';
import { useForm } from '@mantine/form';
import { ZCheckoutRequest, hoursCovering } from '@ppp/contracts';

/** The hours field of Buy minutes: the checkout's own limit, and the hours covering a shortfall when one is known. */
export function useBuyMinutesForm(shortfallMinutes: number | null) {
  const form = useForm<{ hours: number | string }>({
    initialValues: { hours: shortfallMinutes ? hoursCovering(shortfallMinutes) : 1 },
    validate: {
      hours: (value) =>
        ZCheckoutRequest.shape.hours.safeParse(value === '' ? undefined : value).error?.issues[0]?.message ??
        (value === '' ? 'Choose how many hours of minutes to buy.' : null),
    },
  });
  const { setFieldValue } = form;
  useEffect(() => {
    if (shortfallMinutes) setFieldValue('hours', hoursCovering(shortfallMinutes));
  }, [shortfallMinutes, setFieldValue]);
  return form;
}
