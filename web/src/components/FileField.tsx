import { FileInput, type FileInputProps } from '@mantine/core';

/**
 * One file to upload. It can be cleared, and its clear button has a name that a screen reader can read out,
 * which Mantine's button does not have by default.
 */
export function FileField(props: Omit<FileInputProps<false>, 'multiple' | 'clearable' | 'clearButtonProps'>) {
  return <FileInput {...props} clearable clearButtonProps={{ 'aria-label': 'Clear the chosen file' }} />;
}
