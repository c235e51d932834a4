-- A bus consumer keeps its position in memory and starts from now (events/src/bus/port.ts): no position
-- outlives its process.
drop table if exists bus_consumer_positions;
