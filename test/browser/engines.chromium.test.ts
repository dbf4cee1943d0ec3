import { defineEngineSuite } from "./engines/suite";

defineEngineSuite("chromium");
