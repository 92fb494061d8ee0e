import { TIME_ZONE } from '@livecart/contract/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/en';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import i18n from './i18n';

dayjs.extend(utc);
dayjs.extend(timezone);
// antd's date pickers ask `dayjs().tz()` for today: Paris's day. Their values are wall-clock days and
// times, zone-free; every date the app shows is formatted by app/format.ts.
dayjs.tz.setDefault(TIME_ZONE);

// dayjs speaks the page's language (antd's date pickers: month and day names). It follows i18n
// rather than being set by the locale root, so pages without dates (the checkout) do not load it.
dayjs.locale(i18n.language);
i18n.on('languageChanged', (lang) => {
  dayjs.locale(lang);
});

export default dayjs;
