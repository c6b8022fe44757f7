import { useEffect } from 'react';
import { setPageTitle } from './document-title';

export function usePageTitle(title: string): void {
  useEffect(() => {
    setPageTitle(title);
  }, [title]);
}
