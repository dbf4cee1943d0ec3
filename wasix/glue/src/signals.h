#ifndef SKILLBOX_SIGNALS_H
#define SKILLBOX_SIGNALS_H

/* Registers the glue layer's signal entry point with the runtime. */
void listen_for_signals(void);

#endif
