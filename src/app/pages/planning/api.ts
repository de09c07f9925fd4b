// The planning screens' GraphQL calls (schema/graphql/planning.graphql) and their answers.
export interface Task {
  id: string;
  description: string;
  primitiveType?: string | null;
  primitiveId?: string | null;
  startDate: string;
  endDate?: string | null;
  quantity?: number | null;
  completed?: boolean | null;
  completedAt?: string | null;
  siteId?: string | null;
  siteName?: string | null;
  roleName?: string | null;
}

const TASK =
  'id description primitiveType primitiveId startDate endDate quantity completed completedAt siteId siteName roleName';

export const TASKS_FOR_USER = `query PlanningTasks { activitiesForUser(waiting: false) { ${TASK} } }`;

/** every person's outstanding tasks (the tasks page by role), and who holds each role */
export const TASKS_EVERYONE = `query PlanningTasksByRole { activitiesForUser(waiting: false, everyone: true) { ${TASK} }
  planningRoleHolders { roleId roleName members { userId name } } }`;

export interface RoleMember {
  userId: string;
  name: string;
}

export interface RoleHolders {
  roleId: string;
  roleName: string;
  members: RoleMember[];
}

export const ROLE_HOLDERS = `query PlanningRoleHolders { planningRoleHolders { roleId roleName members { userId name } }
  planningRoleCandidates { userId name } }`;

export const SET_ROLE_MEMBERS = `mutation PlanningRoleMembers($roleId: ID!, $userIds: [ID!]!) {
  planningRoleMembersSet(roleId: $roleId, userIds: $userIds) { roleId roleName members { userId name } } }`;

export const TASKS_BETWEEN = `query PlanningCalendar($from: String!, $to: String!, $siteId: ID, $roleId: ID) {
  activitiesBetween(from: $from, to: $to, siteId: $siteId, roleId: $roleId) { ${TASK} } }`;

export const COMPLETE_TASK =
  'mutation PlanningComplete($id: ID!, $date: String!) { activityComplete(id: $id, date: $date) { id completed } }';

export const SCHEDULE = `mutation PlanningSchedule($input: ScheduleFromTemplateInput!) {
  activitiesScheduleFromTemplate(input: $input) { id } }`;

export const FORECAST = `query PlanningForecast($months: Int) { planningForecast(months: $months) {
  historyMonths comingMonths totalLaa totalVolume
  products { productId name sku monthlyAverage openOrders demand onHand toBottle cases volume laa strength containerSize
    history { month quantity } coming { month quantity } }
  items { itemId name units needed onHand toBuy }
  blends { formulaId name volume products }
  mashes { mashBillId name volume runs }
  spirits { spiritId name litres laa inTanks toDistil processId processName laaPerRun runs } withoutFormula } }`;

export interface ForecastMonth {
  month: string;
  quantity: string;
}

export interface ForecastProduct {
  productId: string;
  name: string;
  sku: string | null;
  monthlyAverage: string;
  openOrders: string;
  demand: string;
  onHand: string;
  toBottle: number;
  cases: number;
  volume: string;
  laa: string;
  strength: string | null;
  containerSize: string | null;
  history: ForecastMonth[];
  coming: ForecastMonth[];
}

export interface ForecastItem {
  itemId: string | null;
  name: string;
  units: string | null;
  needed: string;
  onHand: string;
  toBuy: string;
}

export interface ForecastBlend {
  formulaId: string;
  name: string;
  volume: string;
  products: number;
}

export interface ForecastMash {
  mashBillId: string;
  name: string;
  volume: string;
  runs: number;
}

export interface ForecastSpirit {
  spiritId: string;
  name: string;
  litres: string;
  laa: string;
  inTanks: string;
  toDistil: string;
  processId: string | null;
  processName: string | null;
  laaPerRun: string | null;
  runs: number | null;
}

export interface Forecast {
  historyMonths: string[];
  comingMonths: string[];
  totalLaa: string;
  totalVolume: string;
  products: ForecastProduct[];
  items: ForecastItem[];
  blends: ForecastBlend[];
  mashes: ForecastMash[];
  spirits: ForecastSpirit[];
  withoutFormula: string[];
}
