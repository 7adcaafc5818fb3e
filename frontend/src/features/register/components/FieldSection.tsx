import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { FileDropZone, type DroppedFile } from '../../../components/dropzone/FileDropZone';
import { DEFAULT_LIMITS, type DropLimits } from '../../../components/dropzone/dropZoneRules';
import type { MediaUploader } from '../../../lib/mediaUpload';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { AccountFormField } from '../api/accountFormFields';
import type { Country } from '../../../lib/countries';
import { FILES_TYPE, type FieldProblems, type FormValues } from '../formModel';
import { registerMessages } from '../messages';
import { FormFieldInput } from './FormFieldInput';

const Fields = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: theme.spacing(2),
  '& > .wide': { gridColumn: '1 / -1' },
}));

function limitsOf(field: AccountFormField): DropLimits {
  const maxFiles = Number(field.valueConfigs.maxFiles);
  const maxSize = Number(field.valueConfigs.maxSize);
  return {
    maxFiles: Number.isInteger(maxFiles) && maxFiles > 0 ? maxFiles : DEFAULT_LIMITS.maxFiles,
    maxFileBytes: Number.isFinite(maxSize) && maxSize > 0 ? maxSize : DEFAULT_LIMITS.maxFileBytes,
  };
}

export interface FieldSectionProps {
  title: string;
  fields: readonly AccountFormField[];
  values: FormValues;
  onChange(name: string, value: string): void;
  /** Problems found in the browser, then the server's messages. */
  problems: FieldProblems;
  serverErrors: Readonly<Record<string, string>>;
  countries?: readonly Country[];
  files: readonly DroppedFile[];
  onFilesChange(files: DroppedFile[]): void;
  uploader: MediaUploader;
  disabled?: boolean;
  children?: ReactNode;
}

/** A group of registration fields with their errors under them; a `files` field becomes the drop zone. */
export function FieldSection({ title, fields, values, onChange, problems, serverErrors, countries, files, onFilesChange, uploader, disabled, children }: FieldSectionProps) {
  const t = useMessages(registerMessages);
  const errorOf = (name: string): string | undefined => {
    const problem = problems[name];
    return problem ? t(problem.key, problem.params) : serverErrors[name];
  };
  return (
    <section aria-label={title}>
      <Typography variant="h2" gutterBottom>
        {title}
      </Typography>
      <Fields>
        {fields.map((field) =>
          field.fieldType === FILES_TYPE ? (
            <div className="wide" key={field.fieldId}>
              <FileDropZone
                label={field.labelName}
                required={field.isRequired}
                value={files}
                onChange={onFilesChange}
                limits={limitsOf(field)}
                error={errorOf(field.fieldName)}
                disabled={disabled}
                upload={async (file) => {
                  const stored = await uploader.upload(file, t('upload.failed', { name: file.name }));
                  return { id: stored.id, name: stored.fileName, size: stored.fileSize };
                }}
                discard={(file) => uploader.discard(file.id)}
              />
            </div>
          ) : (
            <div className={field.fieldType === 'multiline' || field.fieldType === 'checkbox' ? 'wide' : undefined} key={field.fieldId}>
              <FormFieldInput field={field} values={values} onChange={onChange} error={errorOf(field.fieldName)} countries={countries} disabled={disabled} />
            </div>
          ),
        )}
        {children}
      </Fields>
    </section>
  );
}
