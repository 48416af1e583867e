import { Outlet } from 'react-router-dom';

/**
 * Spec §2 "Shared shell" around a step: the route's outlet is the step switch, which shows the
 * progress tracker, the step's title and intro and its body together (StepSwitch, StepHeader).
 */
export function FlowLayout() {
  return (
    <div className="flow">
      <Outlet />
    </div>
  );
}
