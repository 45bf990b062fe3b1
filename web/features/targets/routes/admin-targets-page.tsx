import { CalendarCard } from '../components/calendar-card';
import { TargetsAdmin } from '../components/targets-admin';

/** Administration, Targets: targets for people, and the working calendar their pacing counts by. */
export function Component() {
  return (
    <div className="space-y-6">
      <TargetsAdmin />
      <CalendarCard />
    </div>
  );
}
