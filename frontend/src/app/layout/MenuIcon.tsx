import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

export function MenuIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth={2} strokeLinecap="round" fill="none" />
    </SvgIcon>
  );
}
