// A search box: typed text is handed on after the spec's 500 ms debounce; '/' anywhere on the
// page (outside another input) focuses it.
import { forwardRef, useEffect, useRef, useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'ra-core';
import { isTypingTarget } from './keys';

export const SEARCH_DEBOUNCE_MS = 500;

export interface SearchBoxProps {
  value: string;
  onChange: (text: string) => void;
  label?: string;
  /** '/' focuses this box */
  slashFocus?: boolean;
}

export const SearchBox = forwardRef<HTMLInputElement, SearchBoxProps>(function SearchBox(props, ref) {
  const translate = useTranslate();
  const [text, setText] = useState(props.value);
  const inner = useRef<HTMLInputElement | null>(null);
  const { onChange, slashFocus } = props;
  useEffect(() => setText(props.value), [props.value]);
  useEffect(() => {
    if (text === props.value) return;
    const t = setTimeout(() => onChange(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, props.value, onChange]);
  useEffect(() => {
    if (!slashFocus) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      e.preventDefault();
      inner.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [slashFocus]);
  return (
    <TextField
      size="small"
      label={props.label ?? translate('widgets.search.label')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      inputRef={(el: HTMLInputElement | null) => {
        inner.current = el;
        if (typeof ref === 'function') ref(el);
        else if (ref) ref.current = el;
      }}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
});
