/**
 * @module
 * The CMS domain of the site: Drizzle tables, zod write schemas shared by the admin forms and
 * the server, the localisation rule, the default copy, and repository functions that the
 * content API and the web app's loaders call directly. Never imports auth code.
 */

export {
  type Category,
  createCategory,
  deleteCategory,
  findCategoryById,
  listCategories,
  updateCategory,
} from "./categories/categories-repository";
export {
  type CategoryCreate,
  type CategoryCreateInput,
  type CategoryUpdate,
  type CategoryUpdateInput,
  categoryCreateSchema,
  categoryUpdateSchema,
} from "./categories/category-input";
export {
  CONTACT_MESSAGE_MIN_LENGTH,
  type ContactForm,
  type ContactFormInput,
  type ContactSubmissionUpdate,
  type ContactSubmissionUpdateInput,
  contactFormSchema,
  contactSubmissionStatusSchema,
  contactSubmissionUpdateSchema,
} from "./contact-submissions/contact-submission-input";
export {
  type ContactSubmission,
  createContactSubmission,
  deleteContactSubmission,
  findContactSubmissionById,
  listContactSubmissions,
  updateContactSubmissionStatus,
} from "./contact-submissions/contact-submissions-repository";
export {
  CONTENT_CHANGED_CHANNEL,
  type ContentChange,
  type ContentChangedCallback,
} from "./content-changes/content-changes";
export { getContentVersion } from "./content-changes/content-version";
export {
  type ContentApiError,
  ContentError,
  type ContentErrorCode,
  type ContentErrorName,
  contentErrors,
  type FieldIssue,
  siteMessages,
} from "./content-errors";
export type {
  CategoryWire,
  ContactSubmissionWire,
  FaqWire,
  ProjectWire,
  SiteContentWire,
  WireRow,
} from "./content-wire";
export * as contentTables from "./db/schema";
export {
  type ContactSubmissionStatus,
  contactSubmissionStatuses,
  type DraftableTable,
  draftableTables,
  type EmailDeliveryStatus,
  emailDeliveryStatuses,
  type MediaVariant,
  type RevisionedTable,
  type RevisionOperation,
  revisionedTables,
  type ScheduleAction,
  type ScheduleState,
  scheduleActions,
  type TranslationLanguage,
  translationLanguages,
} from "./db/schema";
export { bsCopy } from "./default-copy/bs";
export { deCopy } from "./default-copy/de";
export type {
  AboutContent,
  AboutValue,
  ContactContent,
  FooterContent,
  HeroContent,
  LegalPageContent,
  PageCopy,
} from "./default-copy/default-copy-types";
export { enCopy } from "./default-copy/en";
export {
  allCategory,
  type FallbackCategory,
  type FallbackFaq,
  type FallbackLanguage,
  type FallbackProject,
  fallbackCategories,
  fallbackFaqs,
  fallbackLanguages,
  fallbackProjects,
} from "./default-copy/fallback-data";
export {
  DEFAULT_CONTENT_SEEDED_KEY,
  type SeedResult,
  seedDefaultContent,
} from "./default-copy/seed";
export {
  type Draft,
  type DraftOverlay,
  draftValues,
  withDraft,
  withSectionDraft,
} from "./drafts/draft-overlay";
export {
  discardDraft,
  findDraft,
  listDrafts,
  loadDraftOverlay,
  publishDraft,
  saveDraft,
} from "./drafts/drafts-repository";
export {
  createOutboxEmail,
  findOutboxEmailById,
  listNewestOutboxEmails,
  listOutboxEmails,
  type NewOutboxEmail,
  type OutboxEmail,
  recordOutboxDelivery,
} from "./email-outbox/email-outbox-repository";
export {
  type FaqCreate,
  type FaqCreateInput,
  type FaqUpdate,
  type FaqUpdateInput,
  faqCreateSchema,
  faqUpdateSchema,
} from "./faqs/faq-input";
export {
  createFaq,
  deleteFaq,
  type Faq,
  findFaqById,
  listFaqs,
  updateFaq,
} from "./faqs/faqs-repository";
export { sanitizeRichText, sanitizeTextOrHtml } from "./input/sanitize-html";
export { findUnstorableText, isStorableText, unstorableTextReason } from "./input/storable-text";
export { findUnknownFields } from "./input/unknown-fields";
export {
  type LanguageCreate,
  type LanguageCreateInput,
  type LanguageUpdate,
  type LanguageUpdateInput,
  languageCreateSchema,
  languageUpdateSchema,
} from "./languages/language-input";
export {
  createLanguage,
  deleteLanguage,
  findLanguageById,
  type Language,
  listLanguages,
  updateLanguage,
} from "./languages/languages-repository";
export {
  defaultLanguage,
  hasLocalisedValue,
  isSiteLanguage,
  localise,
  localisedFieldName,
  type SiteLanguage,
  siteLanguages,
} from "./localise";
export {
  deleteExpiredMediaRecord,
  findExpiredMedia,
  findWithheldMedia,
  isMediaWithheld,
  type MarkResult,
  MEDIA_DUE_NOW,
  type MediaFiles,
  markMediaDueForRemoval,
  markUnreferencedMedia,
} from "./media/media-references";
export {
  createMediaRecord,
  findMediaById,
  listMedia,
  type Media,
  type NewMedia,
} from "./media/media-repository";
export {
  defaultProjectBackgroundColor,
  type ProjectBackgroundColor,
  type ProjectCreate,
  type ProjectCreateInput,
  type ProjectUpdate,
  type ProjectUpdateInput,
  projectBackgroundColors,
  projectCreateSchema,
  projectUpdateSchema,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
} from "./projects/project-input";
export {
  FALLBACK_PROJECT_SLUG,
  isValidProjectSlug,
  PROJECT_SLUG_MAX,
  reservedProjectSlugs,
  slugFromTitle,
} from "./projects/project-slugs";
export {
  createProject,
  deleteProject,
  findProjectByAddress,
  findProjectById,
  type ListProjectsOptions,
  listProjects,
  listRelatedProjects,
  type Project,
  RELATED_PROJECTS_LIMIT,
  updateProject,
} from "./projects/projects-repository";
export { adoptReadableProjectAddresses } from "./projects/readable-addresses";
export { hitRateLimit, type RateLimitResult } from "./rate-limits/rate-limits-repository";
export { type AuditEntryInput, recordAuditEntry } from "./revisions/audit-log";
export {
  type ContentActor,
  type ContentWrite,
  type ContentWriteOperation,
  changedFields,
  isRevisionedTable,
  markTranslationChecked,
  parseIfMatch,
  purgeFromTrash,
  restoreFromTrash,
  restoreRevision,
  rowLabel,
  versionTag,
  writeContent,
} from "./revisions/content-writes";
export {
  defaultRetention,
  type PruneResult,
  pruneHistory,
  type RetentionSettings,
} from "./revisions/retention";
export {
  type AdminOnlyAction,
  adminOnlyActions,
  defaultNewUserRole,
  isGlobalSettingsRow,
  isSiteRole,
  mayDo,
  metadataWithSiteRole,
  roleRefusalMessage,
  SITE_ROLE_METADATA_KEY,
  type SiteRole,
  siteRoleDescriptions,
  siteRoleLabels,
  siteRoleOf,
  siteRoles,
} from "./roles/site-roles";
export {
  cancelPendingPublish,
  cancelSchedule,
  listSchedules,
  nextScheduleTime,
  type PublishingSchedule,
  runNextDueSchedule,
  type ScheduleRun,
  scheduleOutcomes,
  schedulePublishing,
} from "./schedules/publishing-schedules";
export { defaultGlobalSeo, defaultPageCopy } from "./site-content/default-content";
export {
  describePlaceholders,
  findCopyPlaceholders,
  findPlaceholders,
  findPlaceholderText,
  findSectionPlaceholders,
  findSeoPlaceholders,
  isNetworkHomePage,
  type Placeholder,
  type PlaceholderPage,
  type PlaceholderSection,
  placeholderFields,
  placeholderPages,
} from "./site-content/placeholders";
export {
  aboutContentSchema,
  contactContentSchema,
  findUnknownSiteContentFields,
  footerContentSchema,
  GLOBAL_SEO_CONTENT_TYPE,
  GLOBAL_SEO_ID,
  type GlobalSeoContent,
  type GlobalSeoContentInput,
  type GlobalSeoLocalisedField,
  globalSeoContentSchema,
  globalSeoLocalisedFields,
  heroContentSchema,
  legalPageContentSchema,
  parseContentValue,
  type SiteContentColumn,
  type SiteContentKind,
  type SiteContentRowInput,
  type SiteContentRowWrite,
  type SiteContentSection,
  siteContentColumns,
  siteContentKindOf,
  siteContentRowSchema,
  siteContentSchemas,
  siteContentSections,
} from "./site-content/site-content-input";
export {
  deleteSiteContent,
  getGlobalSeo,
  getSiteContent,
  listSiteContent,
  loadPageContent,
  missingGlobalSeoFields,
  parseSiteContentRow,
  resolveGlobalSeo,
  resolvePageContent,
  type SiteContentRow,
  saveGlobalSeo,
  saveSiteContent,
  saveSiteContentRow,
} from "./site-content/site-content-repository";
export {
  linesWithoutPlaceholders,
  richTextWithoutPlaceholders,
  withoutPlaceholder,
} from "./site-content/without-placeholders";
export {
  getSiteSetting,
  setSiteSetting,
  withSiteSettingsLock,
} from "./site-settings/site-settings-repository";
export {
  type FilterOperator,
  MAX_QUERY_LIMIT,
  type QueryableTableName,
  queryableColumnNames,
  queryableTables,
  type RowFilter,
  type RowOrder,
  type RowQuery,
  selectRows,
} from "./table-query";
export {
  hasTranslations,
  isTranslatableTable,
  isTranslationLanguage,
  listTranslationStatus,
  type TranslatableTable,
  type TranslationState,
  type TranslationStatusEntry,
  type TranslationStatusFilter,
  translatableTables,
  translationEntries,
  translationState,
  translationStates,
  translationTexts,
} from "./translations/translation-status";
