// The words of the hosted pages ("Manage subscription" and the renewal payment confirmation), in the languages they
// speak. `{date}` is filled in; dates and prices are formatted for the language by Intl.

/** Every text the pages show. */
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
  /** Under the cancel button of a subscription whose renewal payment failed: cancelling ends it at once. */
  cancelNowNote: string;
  resume: string;
  cancelledNotice: string;
  resumedNotice: string;
  /** Announced after cancelling a subscription whose renewal payment failed: it has ended. */
  endedNotice: string;
  receipts: string;
  date: string;
  item: string;
  amount: string;
  transaction: string;
  refunded: string;
  none: string;
  invalidLink: string;
  /** The confirmation page's heading. */
  confirmTitle: string;
  /** Why the customer is there; `{date}` is when access ends unless they confirm. */
  confirmIntro: string;
  confirmBy: string;
  /** The button (and the Manage page's link) that confirms a renewal payment the bank holds. */
  confirmPayment: string;
  confirming: string;
  /** Announced once Stripe confirmed the payment. */
  confirmed: string;
  /** Announced when Stripe gives no message of its own. */
  confirmFailed: string;
  stripeUnavailable: string;
  needsScript: string;
  nothingToConfirm: string;
  backToManage: string;
  confirmNeeded: string;
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
  cancelNowNote:
    "Your renewal payment did not go through. Cancelling ends your access now, and the payment won't be tried again.",
  resume: "Resume subscription",
  cancelledNotice: "Your subscription is cancelled. You keep access until {date}.",
  resumedNotice: "Your subscription is active again and renews on {date}.",
  endedNotice: "Your subscription is cancelled and has ended. You won't be charged again.",
  receipts: "Past receipts",
  date: "Date",
  item: "Item",
  amount: "Amount",
  transaction: "Transaction",
  refunded: "Refunded",
  none: "You have no subscriptions yet.",
  invalidLink:
    "This link has expired or is not valid. Open “Manage subscription” in the app again for a new one.",
  confirmTitle: "Confirm your payment",
  confirmIntro:
    "Your bank asks you to confirm the renewal of your subscription. You keep access until {date}; confirm the payment before then so that it continues.",
  confirmBy: "Confirm by",
  confirmPayment: "Confirm payment",
  confirming: "Confirming…",
  confirmed: "Payment confirmed — your subscription continues.",
  confirmFailed: "The payment could not be confirmed. Please try again.",
  stripeUnavailable: "The payment service could not be loaded. Check your connection and reload the page.",
  needsScript: "Confirming the payment needs JavaScript. Turn it on and reload the page.",
  nothingToConfirm: "There is no payment waiting for your confirmation.",
  backToManage: "Back to your subscriptions",
  confirmNeeded: "Your bank asks you to confirm the renewal payment.",
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
  cancelNowNote:
    "El pago de tu renovación no se completó. Si cancelas, pierdes el acceso ahora y no se volverá a intentar el cobro.",
  resume: "Reanudar suscripción",
  cancelledNotice: "Tu suscripción está cancelada. Mantienes el acceso hasta el {date}.",
  resumedNotice: "Tu suscripción vuelve a estar activa y se renueva el {date}.",
  endedNotice: "Tu suscripción está cancelada y ha terminado. No se te volverá a cobrar.",
  receipts: "Recibos anteriores",
  date: "Fecha",
  item: "Concepto",
  amount: "Importe",
  transaction: "Transacción",
  refunded: "Reembolsado",
  none: "Todavía no tienes suscripciones.",
  invalidLink:
    "Este enlace ha caducado o no es válido. Vuelve a abrir «Gestionar suscripción» en la app para obtener uno nuevo.",
  confirmTitle: "Confirma tu pago",
  confirmIntro:
    "Tu banco te pide que confirmes la renovación de tu suscripción. Mantienes el acceso hasta el {date}; confirma el pago antes de esa fecha para que continúe.",
  confirmBy: "Fecha límite",
  confirmPayment: "Confirmar pago",
  confirming: "Confirmando…",
  confirmed: "Pago confirmado: tu suscripción continúa.",
  confirmFailed: "No se ha podido confirmar el pago. Inténtalo de nuevo.",
  stripeUnavailable:
    "No se ha podido cargar el servicio de pago. Comprueba tu conexión y vuelve a cargar la página.",
  needsScript: "Para confirmar el pago se necesita JavaScript. Actívalo y vuelve a cargar la página.",
  nothingToConfirm: "No hay ningún pago pendiente de tu confirmación.",
  backToManage: "Volver a tus suscripciones",
  confirmNeeded: "Tu banco te pide que confirmes el pago de la renovación.",
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
  cancelNowNote:
    "Le paiement de votre renouvellement n’a pas abouti. Résilier met fin à votre accès maintenant, et le paiement ne sera pas retenté.",
  resume: "Reprendre l’abonnement",
  cancelledNotice: "Votre abonnement est résilié. Vous gardez l’accès jusqu’au {date}.",
  resumedNotice: "Votre abonnement est de nouveau actif et se renouvelle le {date}.",
  endedNotice: "Votre abonnement est résilié et a pris fin. Vous ne serez plus débité.",
  receipts: "Reçus précédents",
  date: "Date",
  item: "Article",
  amount: "Montant",
  transaction: "Transaction",
  refunded: "Remboursé",
  none: "Vous n’avez pas encore d’abonnement.",
  invalidLink:
    "Ce lien a expiré ou n’est pas valide. Rouvrez « Gérer l’abonnement » dans l’application pour en obtenir un nouveau.",
  confirmTitle: "Confirmez votre paiement",
  confirmIntro:
    "Votre banque vous demande de confirmer le renouvellement de votre abonnement. Vous gardez l’accès jusqu’au {date} ; confirmez le paiement d’ici là pour qu’il continue.",
  confirmBy: "À confirmer avant le",
  confirmPayment: "Confirmer le paiement",
  confirming: "Confirmation en cours…",
  confirmed: "Paiement confirmé — votre abonnement continue.",
  confirmFailed: "Le paiement n’a pas pu être confirmé. Veuillez réessayer.",
  stripeUnavailable:
    "Le service de paiement n’a pas pu être chargé. Vérifiez votre connexion et rechargez la page.",
  needsScript: "La confirmation du paiement nécessite JavaScript. Activez-le et rechargez la page.",
  nothingToConfirm: "Aucun paiement n’attend votre confirmation.",
  backToManage: "Retour à vos abonnements",
  confirmNeeded: "Votre banque vous demande de confirmer le paiement du renouvellement.",
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
  cancelNowNote:
    "Die Zahlung für deine Verlängerung ist nicht durchgegangen. Wenn du kündigst, endet dein Zugang sofort und die Zahlung wird nicht erneut versucht.",
  resume: "Abo fortsetzen",
  cancelledNotice: "Dein Abo ist gekündigt. Du behältst den Zugang bis {date}.",
  resumedNotice: "Dein Abo ist wieder aktiv und verlängert sich am {date}.",
  endedNotice: "Dein Abo ist gekündigt und beendet. Es wird nichts mehr abgebucht.",
  receipts: "Frühere Belege",
  date: "Datum",
  item: "Artikel",
  amount: "Betrag",
  transaction: "Transaktion",
  refunded: "Erstattet",
  none: "Du hast noch keine Abos.",
  invalidLink:
    "Dieser Link ist abgelaufen oder ungültig. Öffne „Abo verwalten“ in der App erneut, um einen neuen zu erhalten.",
  confirmTitle: "Bestätige deine Zahlung",
  confirmIntro:
    "Deine Bank bittet dich, die Verlängerung deines Abos zu bestätigen. Du behältst den Zugang bis {date}; bestätige die Zahlung bis dahin, damit es weiterläuft.",
  confirmBy: "Bestätigen bis",
  confirmPayment: "Zahlung bestätigen",
  confirming: "Wird bestätigt…",
  confirmed: "Zahlung bestätigt – dein Abo läuft weiter.",
  confirmFailed: "Die Zahlung konnte nicht bestätigt werden. Bitte versuche es erneut.",
  stripeUnavailable:
    "Der Zahlungsdienst konnte nicht geladen werden. Prüfe deine Verbindung und lade die Seite neu.",
  needsScript: "Zum Bestätigen der Zahlung wird JavaScript benötigt. Aktiviere es und lade die Seite neu.",
  nothingToConfirm: "Es wartet keine Zahlung auf deine Bestätigung.",
  backToManage: "Zurück zu deinen Abos",
  confirmNeeded: "Deine Bank bittet dich, die Zahlung für die Verlängerung zu bestätigen.",
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
  cancelNowNote:
    "O pagamento da sua renovação não foi concluído. Se cancelar, o acesso termina agora e o pagamento não voltará a ser tentado.",
  resume: "Retomar subscrição",
  cancelledNotice: "A sua subscrição está cancelada. Mantém o acesso até {date}.",
  resumedNotice: "A sua subscrição está novamente ativa e renova-se a {date}.",
  endedNotice: "A sua subscrição foi cancelada e terminou. Não voltará a ser cobrado.",
  receipts: "Recibos anteriores",
  date: "Data",
  item: "Artigo",
  amount: "Valor",
  transaction: "Transação",
  refunded: "Reembolsado",
  none: "Ainda não tem subscrições.",
  invalidLink:
    "Esta ligação expirou ou não é válida. Abra novamente «Gerir subscrição» na aplicação para obter uma nova.",
  confirmTitle: "Confirme o seu pagamento",
  confirmIntro:
    "O seu banco pede-lhe que confirme a renovação da sua subscrição. Mantém o acesso até {date}; confirme o pagamento antes dessa data para que continue.",
  confirmBy: "Confirmar até",
  confirmPayment: "Confirmar pagamento",
  confirming: "A confirmar…",
  confirmed: "Pagamento confirmado — a sua subscrição continua.",
  confirmFailed: "Não foi possível confirmar o pagamento. Tente novamente.",
  stripeUnavailable:
    "Não foi possível carregar o serviço de pagamento. Verifique a sua ligação e recarregue a página.",
  needsScript: "Para confirmar o pagamento é necessário JavaScript. Ative-o e recarregue a página.",
  nothingToConfirm: "Não há nenhum pagamento à espera da sua confirmação.",
  backToManage: "Voltar às suas subscrições",
  confirmNeeded: "O seu banco pede-lhe que confirme o pagamento da renovação.",
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
  cancelNowNote: "لم تكتمل عملية دفع التجديد. إذا ألغيت الآن فسينتهي وصولك فورًا ولن تتم إعادة محاولة الدفع.",
  resume: "استئناف الاشتراك",
  cancelledNotice: "تم إلغاء اشتراكك. يبقى لديك الوصول حتى {date}.",
  resumedNotice: "اشتراكك نشط مجددًا ويتجدد في {date}.",
  endedNotice: "تم إلغاء اشتراكك وانتهى. لن يتم خصم أي مبلغ بعد ذلك.",
  receipts: "الإيصالات السابقة",
  date: "التاريخ",
  item: "البند",
  amount: "المبلغ",
  transaction: "المعاملة",
  refunded: "مسترد",
  none: "ليس لديك أي اشتراكات بعد.",
  invalidLink:
    "انتهت صلاحية هذا الرابط أو أنه غير صالح. افتح «إدارة الاشتراك» في التطبيق مرة أخرى للحصول على رابط جديد.",
  confirmTitle: "أكِّد دفعتك",
  confirmIntro:
    "يطلب منك مصرفك تأكيد تجديد اشتراكك. يبقى لديك الوصول حتى {date}؛ أكِّد الدفع قبل ذلك ليستمر اشتراكك.",
  confirmBy: "التأكيد قبل",
  confirmPayment: "تأكيد الدفع",
  confirming: "جارٍ التأكيد…",
  confirmed: "تم تأكيد الدفع — يستمر اشتراكك.",
  confirmFailed: "تعذّر تأكيد الدفع. يُرجى المحاولة مرة أخرى.",
  stripeUnavailable: "تعذّر تحميل خدمة الدفع. تحقّق من اتصالك وأعد تحميل الصفحة.",
  needsScript: "يتطلب تأكيد الدفع تفعيل JavaScript. فعِّله وأعد تحميل الصفحة.",
  nothingToConfirm: "لا توجد دفعة بانتظار تأكيدك.",
  backToManage: "العودة إلى اشتراكاتك",
  confirmNeeded: "يطلب منك مصرفك تأكيد دفعة التجديد.",
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
