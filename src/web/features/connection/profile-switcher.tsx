import { getProfilesStore } from '@/api/profiles-store';
import { useConnection } from '@/server-state/connection';

/** Switches the active profile from the header; hidden when there is only one. */
export function ProfileSwitcher() {
  const { profiles, activeId } = useConnection();
  if (profiles.length < 2) return null;
  return (
    <div className="flex items-center">
      <label htmlFor="profile-switcher" className="sr-only">
        Connection profile
      </label>
      <select
        id="profile-switcher"
        value={activeId}
        onChange={(e) => getProfilesStore().setActive(e.target.value)}
        className="h-8 max-w-24 rounded-md border border-zinc-300 bg-white pr-7 pl-2 text-sm text-zinc-800 sm:max-w-36 xl:max-w-44 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
      >
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
            {p.apiKey ? '' : ' (no key)'}
          </option>
        ))}
      </select>
    </div>
  );
}
