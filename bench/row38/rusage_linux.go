package main

// RUSAGE_THREAD: the calling thread's times (Linux).
const rusageThread = 1
