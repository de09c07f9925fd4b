// Picture picker (spec 5): image files only, under the size limit (1 MB by default): 'File
// size must be less than {n}MB'; 'Error reading file'. The value is the picture as a data URL.
import { useRef, useState } from 'react';
import { Box, Button, FormHelperText, IconButton } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import ClearIcon from '@mui/icons-material/Clear';
import { useInput, useTranslate } from 'ra-core';
import { DEFAULT_PICTURE_MAX_MB, PICTURE_MESSAGES, pictureFileError } from './pictureRules';

export interface PicturePickerProps {
  value: string | null | undefined;
  onChange: (dataUrl: string | null) => void;
  maxMb?: number;
  disabled?: boolean;
  label?: string;
}

/** Reads a file as a data URL; rejects with 'Error reading file'. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(PICTURE_MESSAGES.readError));
    reader.readAsDataURL(file);
  });
}

export function PicturePicker({
  value,
  onChange,
  maxMb = DEFAULT_PICTURE_MAX_MB,
  disabled,
  label,
}: PicturePickerProps) {
  const translate = useTranslate();
  const file = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<{ message: string; args: Record<string, unknown> } | null>(null);
  return (
    <Box sx={{ mb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {value ? (
          <Box component="img" src={value} alt={label ?? ''} sx={{ maxWidth: 120, maxHeight: 120, borderRadius: 1 }} />
        ) : null}
        <Button
          variant="outlined"
          size="small"
          startIcon={<ImageIcon />}
          disabled={disabled}
          onClick={() => file.current?.click()}
        >
          {label ?? translate('widgets.picture.choose')}
        </Button>
        {value && !disabled ? (
          <IconButton size="small" aria-label={translate('widgets.picture.remove')} onClick={() => onChange(null)}>
            <ClearIcon fontSize="small" />
          </IconButton>
        ) : null}
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          onChange={async (e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (!chosen) return;
            const problem = pictureFileError(chosen, maxMb);
            if (problem) return setError(problem);
            try {
              onChange(await readAsDataUrl(chosen));
              setError(null);
            } catch {
              setError({ message: PICTURE_MESSAGES.readError, args: {} });
            }
          }}
        />
      </Box>
      {error ? <FormHelperText error>{translate(error.message, error.args)}</FormHelperText> : null}
    </Box>
  );
}

export function PictureInput(props: { source: string; label?: string; maxMb?: number; disabled?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source: props.source, disabled: props.disabled });
  return (
    <PicturePicker
      value={typeof field.value === 'string' ? field.value : null}
      onChange={field.onChange}
      maxMb={props.maxMb}
      disabled={props.disabled}
      label={props.label ? translate(props.label, { _: props.label }) : undefined}
    />
  );
}
