import type { Lang } from '../api/registry.ts';

/** What the confirmation mail and page say, in the passenger's language. */
export const MAIL_TEXTS = {
  en: {
    confirmSubject: (corp: string) => `${corp}: confirm your e-mail address`,
    confirmBody: (corp: string, link: string) =>
      `Hello,\n\nto get the receipts of your ${corp} taxi rides at this address, open this link within 24 hours:\n\n${link}\n\nIf you did not ask for it, ignore this message: no mail will be sent to you.\n`,
    pageTitle: 'E-mail address',
    confirmQuestion: 'Confirm this e-mail address for your taxi receipts?',
    confirmButton: 'Confirm',
    confirmed: 'Your e-mail address is confirmed. Receipts of your rides will be sent to it.',
    invalid: 'This link is not valid any more. Ask for a new one in your account.',
    limited: 'Too many tries. Try again in a minute.',
  },
  pl: {
    confirmSubject: (corp: string) => `${corp}: potwierdź adres e-mail`,
    confirmBody: (corp: string, link: string) =>
      `Dzień dobry,\n\naby otrzymywać na ten adres paragony za przejazdy taksówką ${corp}, otwórz w ciągu 24 godzin ten link:\n\n${link}\n\nJeśli to nie Ty prosisz o paragony, zignoruj tę wiadomość: nie wyślemy Ci żadnej poczty.\n`,
    pageTitle: 'Adres e-mail',
    confirmQuestion: 'Potwierdzić ten adres e-mail dla paragonów za przejazdy?',
    confirmButton: 'Potwierdź',
    confirmed: 'Adres e-mail został potwierdzony. Będziemy na niego wysyłać paragony za przejazdy.',
    invalid: 'Ten link jest już nieważny. Poproś o nowy na swoim koncie.',
    limited: 'Zbyt wiele prób. Spróbuj ponownie za minutę.',
  },
} satisfies Record<Lang, unknown>;

export const mailTexts = (lang: string) => (lang === 'pl' ? MAIL_TEXTS.pl : MAIL_TEXTS.en);
