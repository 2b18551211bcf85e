/**
 * Attribute names with a meaning shared across integrations (the `$` prefix marks them), for `setAttributes`. The
 * same names and values as purchases-js, so attributes set with either SDK land in the same place. Any other
 * name is a custom attribute. A plain object rather than a TypeScript enum, so that bundlers drop it when unused.
 *
 * @example
 * await purchases.setAttributes({ [ReservedCustomerAttribute.Email]: "ada@example.com" });
 */
export const ReservedCustomerAttribute = {
  DisplayName: "$displayName",
  Email: "$email",
  PhoneNumber: "$phoneNumber",
  IDFA: "$idfa",
  IDFV: "$idfv",
  GPSAdId: "$gpsAdId",
  AndroidId: "$androidId",
  AmazonAdId: "$amazonAdId",
  IP: "$ip",
  AdjustId: "$adjustId",
  AmplitudeDeviceId: "$amplitudeDeviceId",
  AmplitudeUserId: "$amplitudeUserId",
  AppsflyerId: "$appsflyerId",
  AppsflyerSharingFilter: "$appsflyerSharingFilter",
  BranchId: "$branchId",
  BrazeAliasName: "$brazeAliasName",
  BrazeAliasLabel: "$brazeAliasLabel",
  ClevertapId: "$clevertapId",
  FbAnonId: "$fbAnonId",
  MparticleId: "$mparticleId",
  OnesignalId: "$onesignalId",
  OnesignalUserId: "$onesignalUserId",
  IntercomContactId: "$intercomContactId",
  MediaSource: "$mediaSource",
  Campaign: "$campaign",
  AdGroup: "$adGroup",
  AdId: "$ad",
  Keyword: "$keyword",
  Creative: "$creative",
  APNSTokens: "$apnsTokens",
  FCMTokens: "$fcmTokens",
  AirshipChannelId: "$airshipChannelId",
  SegmentId: "$segmentId",
  IterableUserId: "$iterableUserId",
  IterableCampaignId: "$iterableCampaignId",
  IterableTemplateId: "$iterableTemplateId",
  FirebaseAppInstanceId: "$firebaseAppInstanceId",
  MixpanelDistinctId: "$mixpanelDistinctId",
  ATTConsentStatus: "$attConsentStatus",
  KochavaDeviceId: "$kochavaDeviceId",
  DeviceVersion: "$deviceVersion",
  PosthogUserId: "$posthogUserId",
  TelemetryDeckUserId: "$telemetryDeckUserId",
  TelemetryDeckAppId: "$telemetryDeckAppId",
  AppleRefundHandlingPreference: "$appleRefundHandlingPreference",
  CustomerioId: "$customerioId",
  TenjinId: "$tenjinId",
  SingularDeviceId: "$singularDeviceId",
} as const;

/** One of the {@link ReservedCustomerAttribute} names. */
export type ReservedCustomerAttribute =
  (typeof ReservedCustomerAttribute)[keyof typeof ReservedCustomerAttribute];
