import { TIME_ZONE } from '@livecart/contract/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/en';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
// antd's date pickers ask `dayjs().tz()` for today: Paris's day. Their values are wall-clock days and
// times, zone-free; every date the app shows is formatted by app/format.ts.
dayjs.tz.setDefault(TIME_ZONE);

export default dayjs;
