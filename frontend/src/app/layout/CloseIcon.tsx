import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

export function CloseIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth={2} strokeLinecap="round" fill="none" />
    </SvgIcon>
  );
}
