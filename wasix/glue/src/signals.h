#ifndef SKILLBOX_SIGNALS_H
#define SKILLBOX_SIGNALS_H

/* After a fork: registers the glue layer's signal entry point with the runtime again, if the
 * process had it registered. */
void listen_for_signals(void);

#endif
