/**
 * @module
 * The add/edit project dialog (site spec, sections 2 and 4): tabs English, Deutsch, Bosanski,
 * Common Fields (category, image upload, background colour) and SEO Settings. "Add" starts
 * cleared, "Edit" prefilled; Save reads "Saving..." and is disabled while it runs; a failed save
 * keeps everything typed and says why; closing resets the form. The English tab also holds the
 * project's public address (issue 33, item 13): made from the English title when left empty, and
 * editable; an address another project has is refused beside the field. The Deutsch and Bosanski
 * tabs of a project say whether its translation is missing, outdated or up to date, with "Mark
 * as checked" (issue 34, item 2). A project can be saved as a draft, previewed, published or
 * discarded; the dialog opens on its draft when it has one (issue 34, item 1).
 */

import {
  type ProjectCreate,
  projectBackgroundColors,
  projectCreateSchema,
  slugFromTitle,
} from "@heritage/content";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import type { AdminTranslator } from "../../../i18n/admin/translator";
import {
  type CategoryRow,
  type ContentClient,
  errorMessage,
  type ProjectRow,
  projectRowSchema,
} from "../../../lib/content-api/content-client";
import { classNames } from "../../ui/class-names";
import { AdminTabs } from "../common/admin-tabs";
import { EntityFormDialog, useEntitySave } from "../common/entity-form-dialog";
import { SelectField, TextAreaField, TextField } from "../common/form-fields";
import { ImageUpload } from "../common/image-upload";
import { LanguageTabLabel } from "../common/language-tab-label";
import { type AdminLanguage, adminLanguages, languageName } from "../common/languages";
import { noticeError, noticeSuccess } from "../common/notices";
import { adminPreviewHref, DraftBar, SaveDraftButton } from "../drafts/draft-bar";
import { useItemDraft } from "../drafts/use-item-draft";
import { ItemSchedule } from "../schedules/item-schedule";
import { useAdminI18n } from "../shell/admin-language";
import { TranslationStatusNote, useItemTranslations } from "../translations/translation-status";
import { brokenImages, ImageWarnings, useImageProblems } from "./image-checks";
import {
  emptyProjectValues,
  formTextOf,
  type ProjectFormValues,
  projectTextFieldNames,
  projectToValues,
} from "./project-form-values";
import { ProjectSeoFields } from "./project-seo-fields";

// The shared schema validates the text form: keywords as comma-separated text, "" for "none".
const projectResolver = zodResolver(projectCreateSchema) as unknown as Resolver<
  ProjectFormValues,
  unknown,
  ProjectCreate
>;

/** The tab holding a field, to show the first invalid one. */
function tabOfField(name: string): string {
  if (name.startsWith("seo_")) return "seo";
  if (name === "category" || name === "image" || name === "bg_color") return "common";
  if (name.endsWith("_de")) return "de";
  if (name.endsWith("_bs")) return "bs";
  return "en";
}

function errorTexts(errors: FieldErrors<ProjectFormValues>) {
  return Object.fromEntries(
    Object.entries(errors).map(([name, error]) => [name, error?.message]),
  ) as Partial<Record<keyof ProjectFormValues, string>>;
}

/** What the Address field's hint says: where the project will be, and what a change does. */
function addressHint(
  saved: string | null,
  typed: string,
  title: string,
  t: AdminTranslator["t"],
): string {
  const fromTitle = title.trim() === "" ? "" : `: /project/${slugFromTitle(title)}`;
  if (saved === null) {
    return typed.trim() === ""
      ? t("projects.address.newEmpty", { fromTitle })
      : t("projects.address.rule");
  }
  if (typed.trim() === "") {
    return t("projects.address.savedEmpty", { fromTitle });
  }
  return typed.trim() === saved
    ? t("projects.address.unchanged")
    : t("projects.address.changed", { slug: saved });
}

export function ProjectDialog({
  open,
  onOpenChange,
  project,
  categories,
  client,
  onSaved,
  openTab = "en",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project to edit, or null to add one. */
  project: ProjectRow | null;
  categories: CategoryRow[];
  client: ContentClient;
  onSaved: (project: ProjectRow, change: "added" | "updated") => void;
  /** The tab shown when the dialog opens (a link to a translation opens its language's). */
  openTab?: string | undefined;
}) {
  const { t } = useAdminI18n();
  const firstCategory = categories[0]?.id ?? "";
  const form = useForm<ProjectFormValues, unknown, ProjectCreate>({
    resolver: projectResolver,
    defaultValues: emptyProjectValues(firstCategory),
  });
  const { register, watch, setValue, reset, handleSubmit, formState, setError, clearErrors } = form;
  const [tab, setTab] = useState("en");
  const [isUploading, setIsUploading] = useState(false);
  const [savingSeoLanguage, setSavingSeoLanguage] = useState<string | null>(null);
  const translations = useItemTranslations(client, "projects", project?.id ?? null, open);
  const itemDraft = useItemDraft(client, "projects", project?.id ?? null, open);
  const { isSaving, isSavingRef, save, versionRef, saved, noteConflict, conflict } = useEntitySave({
    open,
    entity: project,
    create: (values: ProjectCreate) => client.createProject(values),
    update: (values, version) => client.updateProject(values, version),
    // Saved from a form opened on the draft: the draft is live now, and goes.
    onSaved: (row, change) => {
      if (itemDraft.draft) void itemDraft.discard();
      onSaved(row, change);
    },
    onOpenChange,
    notices: {
      added: t("projects.added"),
      updated: t("projects.updated"),
      failed: t("projects.saveFailed"),
    },
    // A field the server refused (an address another project has) shows its reason beside it,
    // with everything typed kept.
    onInvalid: (fieldErrors) => {
      const refused = Object.keys(fieldErrors).filter((name): name is keyof ProjectFormValues =>
        (projectTextFieldNames as readonly string[]).includes(name),
      );
      for (const name of refused) {
        setError(name, { type: "refused", message: fieldErrors[name] });
      }
      if (refused[0]) setTab(tabOfField(refused[0]));
    },
  });

  useEffect(() => {
    if (!open) return;
    reset(project ? projectToValues(project) : emptyProjectValues(firstCategory));
    setTab(openTab);
  }, [open, project, firstCategory, reset, openTab]);

  // The project's draft, once read (or saved again): the form holds it, based on the version it
  // was saved on. Without one the form keeps what it was opened with (and anything typed since).
  const draft = itemDraft.draft;
  useEffect(() => {
    if (!open || !project || !draft) return;
    reset(projectToValues({ ...project, ...draft.data } as ProjectRow));
    versionRef.current = draft.base_version ?? undefined;
  }, [open, project, draft, reset, versionRef]);
  const discardDraft = async () => {
    if (!project || !(await itemDraft.discard())) return;
    reset(projectToValues(project));
    versionRef.current = project.version;
  };

  const showInvalidTab = (errors: FieldErrors<ProjectFormValues>) => {
    const first = Object.keys(errors)[0];
    if (first) setTab(tabOfField(first));
  };
  const submit = handleSubmit((values) => {
    clearErrors();
    return save(values);
  }, showInvalidTab);
  const saveDraft = handleSubmit((values) => {
    clearErrors();
    return itemDraft.save(values, versionRef.current, noteConflict);
  }, showInvalidTab);
  // Publishing publishes what the form shows: unsaved changes are saved to the draft first.
  const publish = handleSubmit(async (values) => {
    if (formState.isDirty && !(await itemDraft.save(values, versionRef.current, noteConflict))) {
      return;
    }
    const row = await itemDraft.publish(projectRowSchema, noteConflict);
    if (!row) return;
    saved(row);
    onSaved(row, "updated");
    onOpenChange(false);
  }, showInvalidTab);

  async function saveSeo(language: AdminLanguage) {
    if (!project || isSavingRef.current) return;
    isSavingRef.current = true;
    setSavingSeoLanguage(language.code);
    const values = form.getValues();
    const field = (base: string) => values[`${base}${language.suffix}` as keyof ProjectFormValues];
    try {
      const row = await client.updateProject(
        {
          id: project.id,
          [`seo_title${language.suffix}`]: field("seo_title"),
          [`seo_description${language.suffix}`]: field("seo_description"),
          [`seo_keywords${language.suffix}`]: field("seo_keywords"),
          [`seo_og_image${language.suffix}`]: field("seo_og_image"),
        },
        versionRef.current,
      );
      saved(row);
      onSaved(row, "updated");
      void translations.reload();
      noticeSuccess(
        t("projects.seoSaved"),
        t("projects.seoSavedText", { language: languageName(language.code, t) }),
      );
    } catch (error) {
      noteConflict(error);
      noticeError(t("projects.seoSaveFailed"), errorMessage(error));
    } finally {
      isSavingRef.current = false;
      setSavingSeoLanguage(null);
    }
  }

  const errors = errorTexts(formState.errors);
  const englishTitle = watch("title");
  const slug = watch("slug");
  const image = watch("image");
  const bgColor = watch("bg_color");
  const categoryOptions = categories.map((category) => ({
    value: category.id,
    label: category.name,
  }));
  const currentCategory = watch("category");
  if (currentCategory && !categoryOptions.some((option) => option.value === currentCategory)) {
    categoryOptions.push({ value: currentCategory, label: currentCategory });
  }
  const isBusy = isSaving || isUploading || savingSeoLanguage !== null;
  // Broken image addresses are flagged while the admin types (issue 19, defect 9).
  const imageValues = {
    image,
    seo_og_image: watch("seo_og_image"),
    seo_og_image_de: watch("seo_og_image_de"),
    seo_og_image_bs: watch("seo_og_image_bs"),
  };
  const imageProblems = useImageProblems(client, open ? [imageValues] : [], 400);
  const broken = brokenImages(imageValues, imageProblems, t);

  return (
    <EntityFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={project ? t("projects.editTitle") : t("projects.addTitle")}
      wide
      isSaving={isSaving}
      isSaveDisabled={isBusy}
      onSubmit={(event) => void submit(event)}
      conflict={conflict}
      noun={t("projects.thisProject")}
      isDirty={formState.isDirty}
      header={
        project ? (
          <>
            <DraftBar
              draft={itemDraft}
              previewHref={adminPreviewHref("projects", project.id, {
                slug: project.slug,
                language: ["de", "bs"].includes(tab) ? tab : "en",
              })}
              onPublish={() => void publish()}
              onDiscard={() => void discardDraft()}
            />
            <ItemSchedule
              client={client}
              table="projects"
              id={project.id}
              hasDraft={itemDraft.draft !== null}
              canUnpublish
            />
          </>
        ) : null
      }
      extraActions={
        project ? (
          <SaveDraftButton
            draft={itemDraft}
            disabled={isBusy || !itemDraft.isLoaded}
            onClick={() => void saveDraft()}
          />
        ) : null
      }
      onUseTheirs={(field, value) => {
        const target = formTextOf(field, value);
        if (target) setValue(target.name, target.text, { shouldDirty: true });
      }}
    >
      <AdminTabs
        label={t("projects.fields")}
        value={tab}
        onValueChange={setTab}
        tabs={[
          ...adminLanguages.map((language) => ({
            value: language.code,
            label: <LanguageTabLabel code={language.code} />,
            content: (
              <div>
                {language.code === "en" ? null : (
                  <TranslationStatusNote
                    entry={translations.entryOf(language.code)}
                    onMarkChecked={(code) =>
                      void translations.markChecked(code, versionRef.current)
                    }
                    isMarking={translations.isMarking(language.code)}
                  />
                )}
                <TextField
                  label={t("projects.field.title", { language: languageName(language.code, t) })}
                  registration={register(`title${language.suffix}`)}
                  error={errors[`title${language.suffix}`]}
                />
                {language.suffix === "" ? (
                  <TextField
                    label={t("projects.field.address")}
                    prefix="/project/"
                    placeholder={englishTitle?.trim() ? slugFromTitle(englishTitle) : ""}
                    registration={register("slug")}
                    error={errors.slug}
                    // Its rule or its error, not both.
                    hint={
                      errors.slug
                        ? undefined
                        : addressHint(project?.slug ?? null, slug ?? "", englishTitle ?? "", t)
                    }
                  />
                ) : null}
                <TextAreaField
                  label={t("projects.field.description", {
                    language: languageName(language.code, t),
                  })}
                  rows={3}
                  registration={register(`description${language.suffix}`)}
                  error={errors[`description${language.suffix}`]}
                />
                <TextAreaField
                  label={t("projects.field.details", {
                    language: languageName(language.code, t),
                  })}
                  rows={6}
                  registration={register(`details${language.suffix}`)}
                  error={errors[`details${language.suffix}`]}
                />
              </div>
            ),
          })),
          {
            value: "common",
            label: t("projects.tab.common"),
            content: (
              <div>
                <SelectField
                  label={t("projects.field.category")}
                  options={categoryOptions}
                  registration={register("category")}
                  error={errors.category}
                />
                <ImageUpload
                  label={t("projects.field.image")}
                  value={image}
                  client={client}
                  onBusyChange={setIsUploading}
                  onChange={(url) => setValue("image", url, { shouldDirty: true })}
                />
                <TextField
                  label={t("projects.field.imageUrl")}
                  type="url"
                  registration={register("image")}
                  error={errors.image}
                />
                <div className="flex items-end gap-3">
                  <SelectField
                    className="grow"
                    label={t("projects.field.bgColor")}
                    options={projectBackgroundColors.map((color) => ({
                      value: color.value,
                      label: t(`projects.color.${color.value}`),
                    }))}
                    registration={register("bg_color")}
                    error={errors.bg_color}
                  />
                  <span
                    aria-hidden="true"
                    className={classNames(
                      "mb-4 size-10 rounded-md border border-gray-300",
                      bgColor,
                    )}
                  />
                </div>
              </div>
            ),
          },
          {
            value: "seo",
            label: t("projects.tab.seo"),
            content: (
              <ProjectSeoFields
                register={register}
                watch={watch}
                errors={errors}
                onSave={project ? (language) => void saveSeo(language) : null}
                savingLanguage={savingSeoLanguage}
              />
            ),
          },
        ]}
      />
      <ImageWarnings broken={broken} />
    </EntityFormDialog>
  );
}
