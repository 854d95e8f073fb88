# Sourced by cmd.sh, jobs.sh and longlines.sh: median_awk is an awk
# function, median(s), the median of the numbers in the string s (separated
# by spaces), to put before a script's own awk program.
median_awk='
function median(s,   n, a, i, t, j) {
	n = split(s, a, " ")
	for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j+1] = a[j]; a[j+1] = t }
	return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
}
'
