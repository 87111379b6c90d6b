/* NEG: the encoder of a filesystem whose super.c sets s_time_min/s_time_max */
static void rfs_write_inode(struct inode *inode, struct rfs_dinode *di)
{
	di->mtime = cpu_to_le32(inode_get_mtime_sec(inode));	/* NEG */
}
