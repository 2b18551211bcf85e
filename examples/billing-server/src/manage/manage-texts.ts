// The hosted "Manage subscription" page's words, in the languages it speaks. `{date}` and `{price}` are filled in;
// dates and prices are formatted for the language by Intl.

/** Every text the page shows. */
export interface ManageTexts {
  title: string;
  intro: string;
  plan: string;
  status: string;
  active: string;
  cancelled: string;
  billingIssue: string;
  expired: string;
  price: string;
  nextRenewal: string;
  accessUntil: string;
  paymentMethod: string;
  paidWithCard: string;
  paidWithTestStore: string;
  cancel: string;
  cancelNote: string;
  resume: string;
  cancelledNotice: string;
  resumedNotice: string;
  receipts: string;
  date: string;
  item: string;
  amount: string;
  transaction: string;
  refunded: string;
  none: string;
  invalidLink: string;
}

const en: ManageTexts = {
  title: "Manage subscription",
  intro: "Your subscriptions and receipts.",
  plan: "Plan",
  status: "Status",
  active: "Active",
  cancelled: "Cancelled",
  billingIssue: "Payment problem",
  expired: "Ended",
  price: "Price",
  nextRenewal: "Next renewal",
  accessUntil: "Access until",
  paymentMethod: "Payment method",
  paidWithCard: "Card, through Stripe",
  paidWithTestStore: "Test Store (no real money)",
  cancel: "Cancel subscription",
  cancelNote: "You keep access until {date}. You won't be charged again.",
  resume: "Resume subscription",
  cancelledNotice: "Your subscription is cancelled. You keep access until {date}.",
  resumedNotice: "Your subscription is active again and renews on {date}.",
  receipts: "Past receipts",
  date: "Date",
  item: "Item",
  amount: "Amount",
  transaction: "Transaction",
  refunded: "Refunded",
  none: "You have no subscriptions yet.",
  invalidLink:
    "This link has expired or is not valid. Open “Manage subscription” in the app again for a new one.",
};

const es: ManageTexts = {
  title: "Gestionar suscripción",
  intro: "Tus suscripciones y recibos.",
  plan: "Plan",
  status: "Estado",
  active: "Activa",
  cancelled: "Cancelada",
  billingIssue: "Problema con el pago",
  expired: "Finalizada",
  price: "Precio",
  nextRenewal: "Próxima renovación",
  accessUntil: "Acceso hasta",
  paymentMethod: "Método de pago",
  paidWithCard: "Tarjeta, a través de Stripe",
  paidWithTestStore: "Test Store (sin dinero real)",
  cancel: "Cancelar suscripción",
  cancelNote: "Mantienes el acceso hasta el {date}. No se te volverá a cobrar.",
  resume: "Reanudar suscripción",
  cancelledNotice: "Tu suscripción está cancelada. Mantienes el acceso hasta el {date}.",
  resumedNotice: "Tu suscripción vuelve a estar activa y se renueva el {date}.",
  receipts: "Recibos anteriores",
  date: "Fecha",
  item: "Concepto",
  amount: "Importe",
  transaction: "Transacción",
  refunded: "Reembolsado",
  none: "Todavía no tienes suscripciones.",
  invalidLink:
    "Este enlace ha caducado o no es válido. Vuelve a abrir «Gestionar suscripción» en la app para obtener uno nuevo.",
};

const fr: ManageTexts = {
  title: "Gérer l’abonnement",
  intro: "Vos abonnements et vos reçus.",
  plan: "Formule",
  status: "Statut",
  active: "Actif",
  cancelled: "Résilié",
  billingIssue: "Problème de paiement",
  expired: "Terminé",
  price: "Prix",
  nextRenewal: "Prochain renouvellement",
  accessUntil: "Accès jusqu’au",
  paymentMethod: "Moyen de paiement",
  paidWithCard: "Carte, via Stripe",
  paidWithTestStore: "Test Store (sans argent réel)",
  cancel: "Résilier l’abonnement",
  cancelNote: "Vous gardez l’accès jusqu’au {date}. Vous ne serez plus débité.",
  resume: "Reprendre l’abonnement",
  cancelledNotice: "Votre abonnement est résilié. Vous gardez l’accès jusqu’au {date}.",
  resumedNotice: "Votre abonnement est de nouveau actif et se renouvelle le {date}.",
  receipts: "Reçus précédents",
  date: "Date",
  item: "Article",
  amount: "Montant",
  transaction: "Transaction",
  refunded: "Remboursé",
  none: "Vous n’avez pas encore d’abonnement.",
  invalidLink:
    "Ce lien a expiré ou n’est pas valide. Rouvrez « Gérer l’abonnement » dans l’application pour en obtenir un nouveau.",
};

const de: ManageTexts = {
  title: "Abo verwalten",
  intro: "Deine Abos und Belege.",
  plan: "Tarif",
  status: "Status",
  active: "Aktiv",
  cancelled: "Gekündigt",
  billingIssue: "Zahlungsproblem",
  expired: "Beendet",
  price: "Preis",
  nextRenewal: "Nächste Verlängerung",
  accessUntil: "Zugang bis",
  paymentMethod: "Zahlungsmethode",
  paidWithCard: "Karte, über Stripe",
  paidWithTestStore: "Test Store (kein echtes Geld)",
  cancel: "Abo kündigen",
  cancelNote: "Du behältst den Zugang bis {date}. Es wird nichts mehr abgebucht.",
  resume: "Abo fortsetzen",
  cancelledNotice: "Dein Abo ist gekündigt. Du behältst den Zugang bis {date}.",
  resumedNotice: "Dein Abo ist wieder aktiv und verlängert sich am {date}.",
  receipts: "Frühere Belege",
  date: "Datum",
  item: "Artikel",
  amount: "Betrag",
  transaction: "Transaktion",
  refunded: "Erstattet",
  none: "Du hast noch keine Abos.",
  invalidLink:
    "Dieser Link ist abgelaufen oder ungültig. Öffne „Abo verwalten“ in der App erneut, um einen neuen zu erhalten.",
};

const pt: ManageTexts = {
  title: "Gerir subscrição",
  intro: "As suas subscrições e recibos.",
  plan: "Plano",
  status: "Estado",
  active: "Ativa",
  cancelled: "Cancelada",
  billingIssue: "Problema de pagamento",
  expired: "Terminada",
  price: "Preço",
  nextRenewal: "Próxima renovação",
  accessUntil: "Acesso até",
  paymentMethod: "Método de pagamento",
  paidWithCard: "Cartão, através do Stripe",
  paidWithTestStore: "Test Store (sem dinheiro real)",
  cancel: "Cancelar subscrição",
  cancelNote: "Mantém o acesso até {date}. Não voltará a ser cobrado.",
  resume: "Retomar subscrição",
  cancelledNotice: "A sua subscrição está cancelada. Mantém o acesso até {date}.",
  resumedNotice: "A sua subscrição está novamente ativa e renova-se a {date}.",
  receipts: "Recibos anteriores",
  date: "Data",
  item: "Artigo",
  amount: "Valor",
  transaction: "Transação",
  refunded: "Reembolsado",
  none: "Ainda não tem subscrições.",
  invalidLink:
    "Esta ligação expirou ou não é válida. Abra novamente «Gerir subscrição» na aplicação para obter uma nova.",
};

const ar: ManageTexts = {
  title: "إدارة الاشتراك",
  intro: "اشتراكاتك وإيصالاتك.",
  plan: "الخطة",
  status: "الحالة",
  active: "نشط",
  cancelled: "ملغى",
  billingIssue: "مشكلة في الدفع",
  expired: "منتهٍ",
  price: "السعر",
  nextRenewal: "التجديد التالي",
  accessUntil: "الوصول حتى",
  paymentMethod: "طريقة الدفع",
  paidWithCard: "بطاقة عبر Stripe",
  paidWithTestStore: "Test Store (بدون أموال حقيقية)",
  cancel: "إلغاء الاشتراك",
  cancelNote: "يبقى لديك الوصول حتى {date}. لن يتم خصم أي مبلغ بعد ذلك.",
  resume: "استئناف الاشتراك",
  cancelledNotice: "تم إلغاء اشتراكك. يبقى لديك الوصول حتى {date}.",
  resumedNotice: "اشتراكك نشط مجددًا ويتجدد في {date}.",
  receipts: "الإيصالات السابقة",
  date: "التاريخ",
  item: "البند",
  amount: "المبلغ",
  transaction: "المعاملة",
  refunded: "مسترد",
  none: "ليس لديك أي اشتراكات بعد.",
  invalidLink:
    "انتهت صلاحية هذا الرابط أو أنه غير صالح. افتح «إدارة الاشتراك» في التطبيق مرة أخرى للحصول على رابط جديد.",
};

/** The page's languages, by their BCP 47 primary tag. */
export const MANAGE_LOCALES: Record<string, ManageTexts> = { en, es, fr, de, pt, ar };

/** Languages written right to left. */
export const RTL_LOCALES = new Set(["ar"]);

/**
 * The language to show: `?lang=` when the page has it, else the first of the browser's `Accept-Language` it has,
 * else English.
 *
 * @example
 * pickManageLocale(undefined, "fr-CH, fr;q=0.9, en;q=0.8"); // "fr"
 */
export function pickManageLocale(requested: unknown, acceptLanguage: string | undefined): string {
  const wanted = [
    typeof requested === "string" ? requested : "",
    ...(acceptLanguage ?? "")
      .split(",")
      .map((part) => part.trim().split(";")[0] ?? "")
      .slice(0, 20),
  ];
  for (const tag of wanted) {
    const primary = tag.toLowerCase().split("-")[0] ?? "";
    if (primary in MANAGE_LOCALES) return primary;
  }
  return "en";
}
