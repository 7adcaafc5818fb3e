import { styled } from '@mui/material/styles';

const Thumb = styled('img')(({ theme }) => ({
  width: 56,
  height: 56,
  flex: '0 0 56px',
  objectFit: 'contain',
  borderRadius: theme.shape.borderRadius,
  border: `1px solid ${theme.palette.divider}`,
  backgroundColor: theme.palette.background.paper,
}));

const ThumbPlaceholder = styled('span')(({ theme }) => ({
  width: 56,
  height: 56,
  flex: '0 0 56px',
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.action.hover,
}));

/** A product's small picture beside its name (decorative: the name says what it is), or a grey square. */
export function ProductThumb({ src }: { src: string | null | undefined }) {
  return src ? <Thumb src={src} alt="" loading="lazy" /> : <ThumbPlaceholder aria-hidden />;
}
