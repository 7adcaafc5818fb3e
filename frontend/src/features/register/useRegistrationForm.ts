import { useEffect, useMemo, useState } from 'react';

import type { DroppedFile } from '../../components/dropzone/FileDropZone';
import { useFieldErrorTexts } from '../../lib/fieldErrors';
import { createMediaUploader } from '../../lib/mediaUpload';
import { usePortalConfig } from '../../lib/PortalConfigProvider';
import type { AccountFormField } from './api/accountFormFields';
import { FILES_TYPE, initialValues, serverFieldName, type FieldProblems } from './formModel';

const DEFAULT_REQUEST_TYPE = 'companyAttachedFile';

/** The answers, attachments and errors of a registration form, shared by registration and conversion. */
export function useRegistrationForm(fields: readonly AccountFormField[] | undefined) {
  const { apiOrigin } = usePortalConfig();
  const fieldTexts = useFieldErrorTexts();
  const [values, setValues] = useState<Record<string, string>>({});
  const [files, setFiles] = useState<DroppedFile[]>([]);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const filesField = fields?.find((field) => field.fieldType === FILES_TYPE);
  const requestType = typeof filesField?.valueConfigs.requestType === 'string' ? filesField.valueConfigs.requestType : DEFAULT_REQUEST_TYPE;
  useEffect(() => {
    // Checkboxes checked by default, without overwriting answers given before a form switch.
    if (fields) setValues((current) => ({ ...initialValues(fields), ...current }));
  }, [fields]);

  const uploader = useMemo(() => createMediaUploader(apiOrigin, requestType), [apiOrigin, requestType]);

  const setValue = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // An answer changed: its old problems no longer apply.
    setProblems((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };

  /**
   * The server's field errors, translated, under their fields (shell §8) or above the form when the form has no such
   * field; else `fallback` above the form. Returns the fields.
   */
  const showServerError = (error: unknown, fallback: string): string[] => {
    const texts = fieldTexts(error);
    if (Object.keys(texts).length > 0) {
      const byField: Record<string, string> = {};
      const general: string[] = [];
      for (const [key, text] of Object.entries(texts)) {
        const name = serverFieldName(key);
        if (fields?.some((field) => field.fieldName === name)) byField[name] = text;
        else if (!general.includes(text)) general.push(text);
      }
      setServerErrors(byField);
      setFormError(general.length > 0 ? general.join(' ') : null);
      return Object.keys(byField);
    }
    setServerErrors({});
    setFormError(fallback);
    return [];
  };

  return {
    values,
    setValues,
    setValue,
    files,
    setFiles,
    problems,
    setProblems,
    serverErrors,
    setServerErrors,
    formError,
    setFormError,
    uploader,
    showServerError,
  };
}
