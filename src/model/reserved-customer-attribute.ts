/**
 * Attribute names with a meaning shared across integrations (the `$` prefix marks them), for `setAttributes`. The
 * same names and values as purchases-js, so attributes set with either SDK land in the same place. Any other
 * name is a custom attribute. A plain object rather than a TypeScript enum, so that bundlers drop it when unused;
 * the namespace of the same name makes each member a type too (`ReservedCustomerAttribute.Email`), as purchases-js's
 * enum members are.
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

/** Each {@link ReservedCustomerAttribute} member as a type of its own. Types only: nothing of it is in the bundle. */
export declare namespace ReservedCustomerAttribute {
  type DisplayName = typeof ReservedCustomerAttribute.DisplayName;
  type Email = typeof ReservedCustomerAttribute.Email;
  type PhoneNumber = typeof ReservedCustomerAttribute.PhoneNumber;
  type IDFA = typeof ReservedCustomerAttribute.IDFA;
  type IDFV = typeof ReservedCustomerAttribute.IDFV;
  type GPSAdId = typeof ReservedCustomerAttribute.GPSAdId;
  type AndroidId = typeof ReservedCustomerAttribute.AndroidId;
  type AmazonAdId = typeof ReservedCustomerAttribute.AmazonAdId;
  type IP = typeof ReservedCustomerAttribute.IP;
  type AdjustId = typeof ReservedCustomerAttribute.AdjustId;
  type AmplitudeDeviceId = typeof ReservedCustomerAttribute.AmplitudeDeviceId;
  type AmplitudeUserId = typeof ReservedCustomerAttribute.AmplitudeUserId;
  type AppsflyerId = typeof ReservedCustomerAttribute.AppsflyerId;
  type AppsflyerSharingFilter = typeof ReservedCustomerAttribute.AppsflyerSharingFilter;
  type BranchId = typeof ReservedCustomerAttribute.BranchId;
  type BrazeAliasName = typeof ReservedCustomerAttribute.BrazeAliasName;
  type BrazeAliasLabel = typeof ReservedCustomerAttribute.BrazeAliasLabel;
  type ClevertapId = typeof ReservedCustomerAttribute.ClevertapId;
  type FbAnonId = typeof ReservedCustomerAttribute.FbAnonId;
  type MparticleId = typeof ReservedCustomerAttribute.MparticleId;
  type OnesignalId = typeof ReservedCustomerAttribute.OnesignalId;
  type OnesignalUserId = typeof ReservedCustomerAttribute.OnesignalUserId;
  type IntercomContactId = typeof ReservedCustomerAttribute.IntercomContactId;
  type MediaSource = typeof ReservedCustomerAttribute.MediaSource;
  type Campaign = typeof ReservedCustomerAttribute.Campaign;
  type AdGroup = typeof ReservedCustomerAttribute.AdGroup;
  type AdId = typeof ReservedCustomerAttribute.AdId;
  type Keyword = typeof ReservedCustomerAttribute.Keyword;
  type Creative = typeof ReservedCustomerAttribute.Creative;
  type APNSTokens = typeof ReservedCustomerAttribute.APNSTokens;
  type FCMTokens = typeof ReservedCustomerAttribute.FCMTokens;
  type AirshipChannelId = typeof ReservedCustomerAttribute.AirshipChannelId;
  type SegmentId = typeof ReservedCustomerAttribute.SegmentId;
  type IterableUserId = typeof ReservedCustomerAttribute.IterableUserId;
  type IterableCampaignId = typeof ReservedCustomerAttribute.IterableCampaignId;
  type IterableTemplateId = typeof ReservedCustomerAttribute.IterableTemplateId;
  type FirebaseAppInstanceId = typeof ReservedCustomerAttribute.FirebaseAppInstanceId;
  type MixpanelDistinctId = typeof ReservedCustomerAttribute.MixpanelDistinctId;
  type ATTConsentStatus = typeof ReservedCustomerAttribute.ATTConsentStatus;
  type KochavaDeviceId = typeof ReservedCustomerAttribute.KochavaDeviceId;
  type DeviceVersion = typeof ReservedCustomerAttribute.DeviceVersion;
  type PosthogUserId = typeof ReservedCustomerAttribute.PosthogUserId;
  type TelemetryDeckUserId = typeof ReservedCustomerAttribute.TelemetryDeckUserId;
  type TelemetryDeckAppId = typeof ReservedCustomerAttribute.TelemetryDeckAppId;
  type AppleRefundHandlingPreference = typeof ReservedCustomerAttribute.AppleRefundHandlingPreference;
  type CustomerioId = typeof ReservedCustomerAttribute.CustomerioId;
  type TenjinId = typeof ReservedCustomerAttribute.TenjinId;
  type SingularDeviceId = typeof ReservedCustomerAttribute.SingularDeviceId;
}
