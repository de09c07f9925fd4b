// Column types shared by the hand-written tables (the generated ones carry their own).
import { customType } from 'drizzle-orm/pg-core';

/** bigint ids travel as strings, like the generated tables' */
export const bigintText = customType<{ data: string; driverData: string | number }>({
  dataType: () => 'bigint',
  fromDriver: (v) => String(v),
});
