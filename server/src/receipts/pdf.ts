import type { Receipt } from '@taxi/contract';
import { addressLine, formatPrice } from '@taxi/contract/format';
import type { Lang } from '../api/registry.ts';
import type { Corporation } from '../corporations/directory.ts';
import { pdfWriter } from '../documents/pdf.ts';

/** The receipt screen's words (remote-tracking's receipt texts), for the PDF and its mail. */
export const RECEIPT_TEXTS = {
  en: {
    subject: (corp: string, id: string) => `${corp}: receipt for ride ${id}`,
    body: (corp: string, id: string) =>
      `Hello,\n\nthe receipt for your ${corp} taxi ride ${id} is attached (PDF).\n\nThank you for riding with us.\n`,
    filename: (id: string) => `receipt-${id}.pdf`,
    title: 'Receipt',
    order: (id: string) => `Order ${id}`,
    seller: 'Seller',
    sellerDetails: 'Registered details',
    sellerEmail: 'E-mail',
    ride: 'Ride',
    date: 'Date',
    ordered: 'Ordered',
    pickedUp: 'Picked up',
    ended: 'Ride ended',
    from: 'From',
    to: 'To',
    distance: 'Distance',
    vehicle: 'Vehicle',
    registration: 'Registration',
    callNumber: 'Taxi number',
    payment: 'Payment',
    cash: 'Cash',
    cashFree: 'Cash-free',
    fare: 'Fare',
    tariff: 'Tariff',
    tariffs: { t1: 'T1 (day)', t2: 'T2 (night)' } as Record<string, string>,
    startFee: 'Start fee',
    distanceCharge: (km: string, rate: string) => `Distance: ${km} km × ${rate}/km`,
    timeCharge: (min: number, rate: string) => `Time: ${min} min × ${rate}/min`,
    minimumTopUp: (amount: string) => `Up to the minimum fare of ${amount}`,
    surcharge: (name: string) => `Surcharge: ${name}`,
    taxis: (count: number) => `Taxis: × ${count}`,
    adjustment: "Driver's adjustment",
    total: 'Total',
    noPrice: 'No fare was recorded for this ride.',
  },
  pl: {
    subject: (corp: string, id: string) => `${corp}: paragon za przejazd ${id}`,
    body: (corp: string, id: string) =>
      `Dzień dobry,\n\nw załączniku (PDF) jest paragon za przejazd taksówką ${corp} ${id}.\n\nDziękujemy za wspólną jazdę.\n`,
    filename: (id: string) => `paragon-${id}.pdf`,
    title: 'Paragon',
    order: (id: string) => `Zamówienie ${id}`,
    seller: 'Sprzedawca',
    sellerDetails: 'Dane rejestrowe',
    sellerEmail: 'E-mail',
    ride: 'Przejazd',
    date: 'Data',
    ordered: 'Zamówiono',
    pickedUp: 'Odbiór',
    ended: 'Koniec przejazdu',
    from: 'Skąd',
    to: 'Dokąd',
    distance: 'Dystans',
    vehicle: 'Pojazd',
    registration: 'Nr rejestracyjny',
    callNumber: 'Numer taksówki',
    payment: 'Płatność',
    cash: 'Gotówka',
    cashFree: 'Bezgotówkowo',
    fare: 'Opłata',
    tariff: 'Taryfa',
    tariffs: { t1: 'T1 (dzienna)', t2: 'T2 (nocna)' } as Record<string, string>,
    startFee: 'Opłata początkowa',
    distanceCharge: (km: string, rate: string) => `Dystans: ${km} km × ${rate}/km`,
    timeCharge: (min: number, rate: string) => `Czas: ${min} min × ${rate}/min`,
    minimumTopUp: (amount: string) => `Dopłata do opłaty minimalnej ${amount}`,
    surcharge: (name: string) => `Dopłata: ${name}`,
    taxis: (count: number) => `Taksówki: × ${count}`,
    adjustment: 'Korekta kierowcy',
    total: 'Razem',
    noPrice: 'Dla tego przejazdu nie zapisano opłaty.',
  },
} satisfies Record<Lang, unknown>;

type TextSetting = 'currency' | 'self_name' | 'self_name_en' | 'corp' | 'gdpr_admin' | 'self_email';

const setting = (corporation: Corporation, name: TextSetting) =>
  corporation.settings[name]?.trim() ?? '';

/** The clock time of a local 'YYYY-MM-DD HH:MM:SS', as the receipt screen shows it: 'HH:MM'. */
const time = (local: string | null) => (local ? local.slice(11, 16) : '');

/**
 * The receipt as a PDF (A4), what the receipt screen shows in the same order: the seller's legal
 * data, the ride's times and places, the taxi, the payment and the fare's parts, in `lang`.
 */
export function receiptPdf(
  receipt: Receipt,
  corporation: Corporation,
  lang: Lang,
): Promise<Buffer> {
  const t = RECEIPT_TEXTS[lang];
  const currency = setting(corporation, 'currency') || 'zł';
  const money = (amount: number) => formatPrice(amount, currency);
  const seller =
    (lang === 'pl'
      ? setting(corporation, 'self_name') || setting(corporation, 'self_name_en')
      : setting(corporation, 'self_name_en') || setting(corporation, 'self_name')) ||
    setting(corporation, 'corp');
  const pdf = pdfWriter({ title: `${t.title} ${receipt.order_short_id}`, author: seller, lang });
  const { heading, row } = pdf;

  pdf.title(t.title, t.order(receipt.order_short_id));

  heading(t.seller);
  pdf.line(seller);
  row(t.sellerDetails, setting(corporation, 'gdpr_admin'));
  row(t.sellerEmail, setting(corporation, 'self_email'));

  heading(t.ride);
  row(t.date, receipt.created.slice(0, 10));
  row(t.ordered, time(receipt.created));
  row(t.pickedUp, time(receipt.picked_up));
  row(t.ended, time(receipt.ended));
  row(t.from, addressLine(receipt.poi));
  row(t.to, addressLine(receipt.dst));
  if (receipt.distance_m !== null)
    row(t.distance, `${(receipt.distance_m / 1000).toFixed(1).replace('.', ',')} km`);

  for (const taxi of receipt.taxis) {
    heading(t.vehicle);
    row(t.vehicle, [taxi.brand, taxi.color].filter(Boolean).join(', '));
    row(t.registration, taxi.vehicle_registration);
    row(t.callNumber, taxi.call_number);
  }

  heading(t.payment);
  pdf.line(receipt.cash_free ? t.cashFree : t.cash);

  heading(t.fare);
  const { fare, price } = receipt;
  if (price === null) pdf.line(t.noPrice);
  else {
    if (fare) {
      row(t.tariff, t.tariffs[fare.tariff] ?? fare.tariff);
      row(t.startFee, money(fare.start_fee));
      row(
        t.distanceCharge(String(fare.distance_km).replace('.', ','), money(fare.per_km)),
        money(fare.distance_charge),
      );
      if (fare.per_minute > 0)
        row(t.timeCharge(fare.duration_min, money(fare.per_minute)), money(fare.time_charge));
      if (fare.minimum_top_up > 0)
        row(t.minimumTopUp(money(fare.minimum_price)), money(fare.minimum_top_up));
      for (const surcharge of fare.surcharges)
        row(t.surcharge(surcharge.name), money(surcharge.amount));
      if (fare.taxi_count > 1) row(t.taxis(fare.taxi_count), money(fare.tariff_price));
      if (fare.adjustment !== 0) row(t.adjustment, money(fare.adjustment));
    }
    pdf.rule();
    row(t.total, money(price), true);
  }
  return pdf.end();
}
