import SvgIcon from '@mui/material/SvgIcon';

/** The three dots of a row's actions menu (business §2 row menu); the button around it carries the name. */
export function MoreIcon() {
  return (
    <SvgIcon fontSize="small" aria-hidden>
      <circle cx="12" cy="5" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="12" cy="19" r="2" />
    </SvgIcon>
  );
}
