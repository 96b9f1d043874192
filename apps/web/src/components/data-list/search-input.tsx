import { LIST_SEARCH_MAX_LENGTH } from '@depot/contract';
import { TextInput } from '@mantine/core';
import { SearchIcon } from '@/components/icons';

interface SearchInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/** A list's search box; its label is for screen readers, the placeholder says the same. */
export function SearchInput({ label, value, onChange, placeholder = label }: SearchInputProps) {
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      maxLength={LIST_SEARCH_MAX_LENGTH}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<SearchIcon />}
      w={{ base: '100%', xs: 320 }}
    />
  );
}
